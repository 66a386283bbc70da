/** Structured JSON logs, one object per line, always carrying the request id. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function requestLogger(requestId: string): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    if (process.env.LOG_LEVEL === 'silent') return;
    process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), requestId, message, ...fields })}\n`);
  };
  return {
    info: (message, fields) => write('info', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}
