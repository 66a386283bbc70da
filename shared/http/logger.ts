// The logger is a base module (shared/logger.ts): requests, workers and the sequencer all log. This path stays for its older importers.
export { requestLogger, type Logger } from '../logger.ts';
