import { DeliveryError } from './transport.ts';

/** POSTs JSON and answers the parsed body; a non-2xx answer or a timeout is a DeliveryError naming the provider. */
export const postJson = async (options: {
  provider: string;
  url: string;
  body: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}): Promise<unknown> => {
  const response = await fetch(options.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
    body: JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  }).catch((error: unknown) => {
    throw new DeliveryError(`${options.provider} unreachable: ${error instanceof Error ? error.message : String(error)}`);
  });
  const text = await response.text();
  if (!response.ok) throw new DeliveryError(`${options.provider} answered ${response.status}: ${text.slice(0, 500)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DeliveryError(
      `${options.provider} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
    );
  }
};
