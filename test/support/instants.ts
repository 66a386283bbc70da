const pause = () => new Promise((resolve) => setTimeout(resolve, 3));

/** An instant between two requests: every change answered before it counts, none sent after it does. */
export async function instant(): Promise<string> {
  await pause();
  const at = new Date().toISOString();
  await pause();
  return at;
}
