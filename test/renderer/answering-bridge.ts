// The stub bridge with some channels answered by the test itself, each call still recorded in
// `calls` as the stub records its own: the office panel's tests answer the office's channels so
// (office-handover and office-review each wrapped the stub in a proxy of their own).
import type { StubBridge } from './stub-bridge';

export function answeringBridge(
  base: StubBridge,
  answers: Record<string, (request: never) => unknown>,
): StubBridge {
  return new Proxy(base, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && prop in answers) {
        const answer = answers[prop];
        return (request: never) => {
          base.calls.push({ channel: prop, request });
          return answer?.(request);
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}
