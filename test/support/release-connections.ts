// After each test file, the SDK clients it used (through the service's own modules) close their
// kept-alive connections to the local stack: jest gives every test file its own copy of those modules,
// and the sockets of all of them would otherwise keep the worker alive at the end of the run ("a worker
// process has failed to exit gracefully"). Loaded by jest.config.cjs (setupFilesAfterEnv).
import { destroyClients } from '../../shared/aws/clients';

afterAll(() => destroyClients());
