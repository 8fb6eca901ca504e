// The AI is offline and the key may not read AI status: the tasks' error_message is the only word
// of why nothing finishes (spec 2.1). When nothing has finished for a while the run says it, in
// the service's own words, and carries on once the AI is back.
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineMessage } from '../../../common/engine-messages';
import { harness, waitFor, type Harness } from '../../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('the AI offline, and no AI status to read', () => {
  it("says the service's wait reason when nothing finishes, then reads every photo once the AI is back", async () => {
    h = await harness({ photos: 3, duplicates: 0, sandbox: { profile: 'ai-offline-no-status' } });
    const s = h.open({ batchMode: 'never', quietReportMs: 500 });
    const lines: { line: string; message?: EngineMessage }[] = [];
    s.engine.on('log', (line, message) => lines.push({ line, message }));
    await s.actions.addPhotos([h.photos]);
    await s.engine.start();
    const said = (): string | undefined =>
      h?.sandbox.ledger.tasks().find((t) => t.status === 'waiting_ai')?.errorMessage ?? undefined;
    await waitFor(
      () => lines.some((l) => l.message?.code === 'nothingFinishes'),
      15_000,
      () => lines.map((l) => l.line).join('\n'),
    );
    const reason = said();
    expect(reason).toBeTruthy();
    const told = lines.find((l) => l.message?.code === 'nothingFinishes');
    expect(told?.line).toContain(`The service says: "${reason ?? ''}"`);
    expect(told?.message).toMatchObject({ params: { serviceSays: reason } });
    // Said once per quiet spell, not every second.
    expect(lines.filter((l) => l.message?.code === 'nothingFinishes')).toHaveLength(1);

    h.sandbox.control.setAiOnline(true);
    expect(await s.engine.waitSettled()).toBe('complete');
    expect(s.engine.status().counts).toMatchObject({ done: 3, failed: 0 });
  });
});
