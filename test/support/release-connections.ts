// After each test file, the SDK clients it used (through the service's own modules) close their
// kept-alive connections to the local stack, and the file waits a moment for the sockets to finish
// closing: jest gives every test file its own copy of those modules, and sockets still open when a
// worker's last file ends keep it alive ("a worker process has failed to exit gracefully", then jest
// kills it). Loaded by jest.config.cjs (setupFilesAfterEnv).
import { destroyClients } from '../../shared/aws/clients';

/** How long a closed socket takes to be gone, with margin (a few ms on an idle machine). */
const SETTLE_MS = 200;

afterAll(async () => {
  destroyClients();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
});
