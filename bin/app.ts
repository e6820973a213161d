// CDK entry point (cdk.json runs it with tsx): `npx cdk synth -c stage=dev`.
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { buildApp } from '../lib/app';

buildApp(new App(), path.resolve(import.meta.dirname, '..'));
