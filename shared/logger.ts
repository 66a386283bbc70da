import { appendFileSync } from 'node:fs';

/** Structured JSON logs, one object per line, always carrying the request id. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * Lines go to stdout (CloudWatch Logs in AWS), or appended to LOG_FILE when set (the test suite
 * collects every request's line there to check that no credential is ever logged).
 */
export function requestLogger(requestId: string): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    if (process.env.LOG_LEVEL === 'silent') return;
    const line = `${JSON.stringify({ level, time: new Date().toISOString(), requestId, message, ...fields })}\n`;
    if (process.env.LOG_FILE) appendFileSync(process.env.LOG_FILE, line);
    else process.stdout.write(line);
  };
  return {
    info: (message, fields) => write('info', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}
