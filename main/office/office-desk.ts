// A desk in office mode: its queue publishes (office_desk), its outbox drains to the office on the
// publisher's own timers, its route sheets and billing rows go on theirs while it runs, and its
// claim gate tells the engine before each upload whether another desk sends or read the photo
// already; nothing here blocks the engine for long. An office unreachable at start is not an
// error: the desk works, sends without claims, and its outbox waits (docs/office.md).
import { thisDesk } from '../config/policy-presets';
import { officeOutboxOf } from '../store/office-outbox';
import type { Store } from '../store/store';
import type { Clock } from '../time/clock';
import { redactOfficeUrl } from './office-url';
import type { ClaimPhotos } from '../../common/claim-port';
import { ClaimGate, type ClaimGateOptions, type UnclaimedWhy } from './claim-gate';
import { claimantOf, queueIdOf } from './claimant';
import { OutboxPublisher, type PublisherState } from './outbox-publisher';
import { publishDesk } from './billing-publish';
import { deskMeterRoute } from './desk-meter-route';
import { PeriodicPublisher } from './periodic-publish';
import { RouteSync, type TakeOfficeRoutes } from './route-sync';
import { OfficeRouteCounts } from './office-route-panel';
import { DecisionSync } from './decision-sync';
import { ProfileSync, type TakeOfficeProfile } from './profile-sync';
import { HistorySync, type TakeOfficeHistory } from './history-sync';
import type { DecisionsTaken, TakeOfficeDecisions } from '../../common/office-decision-news';
import { OfficeError, type OfficeDbOptions } from './store/office-db';
import { OfficeLive } from './store/office-live';
import { openOfficeStore, type OfficeStore } from './store/office-store';

/** The desk's name when none is given: the OS user at this computer. */
export function defaultDeskName(): string {
  const { user, computer } = thisDesk();
  return `${user}@${computer}`;
}

export interface OfficeDeskOptions {
  store: Store;
  url: string;
  desk: string;
  clock: Clock;
  /** One line for the person at the desk; never carries the password. */
  say: (line: string) => void;
  /** The claim gate's timings (tests and benchmarks shorten them). */
  claims?: Pick<ClaimGateOptions, 'leaseMs' | 'answerMs' | 'outageMs' | 'recheckMs'>;
  /** How often the outbox is looked at (ms). */
  publishEveryMs?: number;
  /** How often, at most, route sheets and billing rows are published while the desk runs (ms). */
  rowsEveryMs?: number;
  /** Told after each drain of the outbox, and when the office goes away or comes back. */
  onPublished?: (state: PublisherState) => void;
  /** Lines for the log, not the person (live updates: a lost connection, a note not understood). */
  log?: (line: string) => void;
  /** The pool's connect and statement timeouts (tests shorten them; default office-db's). */
  db?: Pick<OfficeDbOptions, 'connectMs' | 'queryMs'>;
  /**
   * Takes the office's routes loaded at other desks into the queue (the action layer's
   * QueueActions.takeOfficeRoutes): without it the desk gives its sheets but takes none.
   */
  takeRoutes?: TakeOfficeRoutes;
  /** How long the start waits for the office's routes before the engine starts (ms). */
  routesAtStartMs?: number;
  /**
   * Applies other desks' decisions to the queue (the action layer's
   * QueueActions.takeOfficeDecisions): without it the desk's queue keeps only its own.
   */
  takeDecisions?: TakeOfficeDecisions;
  /** Told after each read of other desks' decisions (tests wait on it). */
  onDecisionsTaken?: (taken: DecisionsTaken) => void;
  /**
   * Takes the office's plausibility profile into the queue (QueueActions.takeOfficeProfile):
   * without it the desk keeps its own limits.
   */
  takeProfile?: TakeOfficeProfile;
  /**
   * Takes the office's meter history into the queue (QueueActions.takeOfficeHistory): without it
   * the desk knows only the history imported here.
   */
  takeHistory?: TakeOfficeHistory;
}

export interface OfficeDesk {
  readonly office: OfficeStore;
  /** This queue's id in the office (claimant.ts): named in its claims and decisions. */
  readonly queue: string;
  readonly publisher: OutboxPublisher;
  /** For the engine (Engine.claimUploadsWith): asked before each photo is uploaded. */
  readonly claim: ClaimPhotos;
  /** Photos sent without a claim so far (the office unreachable): another desk may pay too. */
  sentUnclaimed(): number;
  /** Other desks' changes as they happen (`live.on(...)`), so the window and CLI can refresh. */
  readonly live: OfficeLive;
  /** The office's counts of each route, for the route panel (read again after a live note). */
  readonly routeCounts: OfficeRouteCounts;
  /** Publishes what is due (waiting at most `budgetMs`), stops and closes; what is left waits. */
  finish(budgetMs: number): Promise<PublisherState>;
}

export async function startOfficeDesk(opts: OfficeDeskOptions): Promise<OfficeDesk> {
  const where = redactOfficeUrl(opts.url);
  const outbox = officeOutboxOf(opts.store.db, opts.clock);
  outbox.publishAs({ desk: opts.desk, clerk: opts.desk.split('@')[0] ?? opts.desk });
  const office = openOfficeStore(opts.url, {
    ...opts.db,
    desk: opts.desk,
    max: 2,
    routeOf: deskMeterRoute(opts.store),
  });
  const queue = queueIdOf(opts.store);
  const decisionSync = opts.takeDecisions
    ? new DecisionSync({
        store: opts.store,
        office,
        desk: opts.desk,
        queue,
        clock: opts.clock,
        take: opts.takeDecisions,
        ...(opts.onDecisionsTaken && { onTaken: opts.onDecisionsTaken }),
        ...(opts.log && { log: opts.log }),
      })
    : null;
  const takeRoutes = opts.takeRoutes;
  const routeSync = takeRoutes
    ? new RouteSync({
        store: opts.store,
        office,
        desk: opts.desk,
        clock: opts.clock,
        // A route taken: decisions on its meters that found none here are taken now.
        take: async (routes) => {
          const taken = await takeRoutes(routes);
          if (taken.routes.length > 0) decisionSync?.rescan();
          return taken;
        },
        say: opts.say,
        ...(opts.log && { log: opts.log }),
      })
    : null;
  const profileSync = opts.takeProfile
    ? new ProfileSync({
        office,
        clock: opts.clock,
        take: opts.takeProfile,
        say: opts.say,
        ...(opts.log && { log: opts.log }),
      })
    : null;
  const historySync = opts.takeHistory
    ? new HistorySync({
        store: opts.store,
        office,
        clock: opts.clock,
        take: opts.takeHistory,
        say: opts.say,
        ...(opts.log && { log: opts.log }),
      })
    : null;
  try {
    await office.checkSchema();
    opts.say(`Office: publishing to ${where} as ${opts.desk}.`);
    // The office's limits before the first reading is checked here (one short statement).
    if (profileSync) await withinMs(profileSync.sync(), opts.routesAtStartMs ?? ROUTES_AT_START_MS);
    // The office's history in the background: a large one must not hold the start.
    void historySync?.sync();
    // Photos are matched against the office's routes before the first is sent; a slow office
    // is not waited for (the sync goes on, and the photos are matched again when it ends).
    if (routeSync) await withinMs(routeSync.sync(), opts.routesAtStartMs ?? ROUTES_AT_START_MS);
    // Then what other desks decided meanwhile, in the background like the routes after the wait.
    void decisionSync?.sync();
  } catch (error) {
    if (!(error instanceof OfficeError) || error.failure !== 'unreachable') {
      await office.close();
      throw error;
    }
    opts.say(
      `Office: ${where} is not reachable; working on, readings and decisions wait in this desk's outbox.`,
    );
  }
  const publisher = new OutboxPublisher({
    outbox,
    office,
    queue,
    clock: opts.clock,
    ...(opts.publishEveryMs !== undefined && { pollMs: opts.publishEveryMs }),
    ...(opts.onPublished && { onState: opts.onPublished }),
  });
  publisher.start();
  const rows = new PeriodicPublisher({
    store: opts.store,
    office,
    desk: opts.desk,
    clock: opts.clock,
    ...(opts.rowsEveryMs !== undefined && { everyMs: opts.rowsEveryMs }),
  });
  rows.start();
  let saidAway = false;
  const gate = new ClaimGate({
    ...opts.claims,
    office,
    desk: claimantOf(opts.desk, opts.store),
    clock: opts.clock,
    // Said once per outage (issue 30: nothing in the output said photos went unclaimed).
    onUnclaimed: (photos, why) => {
      opts.log?.(`Office: ${photoCount(photos)} sent without a claim (${UNCLAIMED_WHY[why]}).`);
      if (why !== 'unreachable' || saidAway) return;
      saidAway = true;
      opts.say(
        `Office: ${where} is not reachable; photos are sent without a claim until it answers, so another desk may pay for the same photo.`,
      );
    },
  });
  const live = new OfficeLive({ url: opts.url, clock: opts.clock, desk: opts.desk, log: opts.log });
  // The listener's reconnect is the first sign that an office that was away is back.
  live.on((event) => {
    if (event.kind === 'resync') publisher.officeBack();
    // A desk chose the office's limits (or the office is back and one may have): follow them.
    if (event.kind === 'resync' || event.kind === 'limits') profileSync?.soon();
    // Another desk added to the office's history: take what is new.
    if (event.kind === 'resync' || (event.kind === 'history' && event.desk !== opts.desk))
      historySync?.soon();
    // Another desk loaded a route (or the office is back and may have one): take it.
    if (event.kind === 'resync' || (event.kind === 'change' && event.change.table === 'meters')) {
      routeSync?.soon();
    }
    // Another desk decided (or the office is back and someone may have): follow the office.
    // Under this desk's name too: another queue of the same name (a window and a CLI run) is
    // another desk; the read leaves this queue's own decisions out.
    if (
      event.kind === 'resync' ||
      (event.kind === 'change' && event.change.table === 'decisions')
    ) {
      decisionSync?.soon();
    }
  });
  // Not awaited: an office away at start is retried in the background, like the outbox.
  void live.start();
  return {
    office,
    queue,
    publisher,
    claim: async (photos) => {
      const verdicts = await gate.forUpload(photos);
      // Claimed again: the next outage is said again.
      if (verdicts.some((v) => v.kind !== 'send' || v.claimed)) saidAway = false;
      return verdicts;
    },
    sentUnclaimed: () => gate.sentUnclaimed,
    live,
    routeCounts: new OfficeRouteCounts(office, live, opts.clock),
    finish: async (budgetMs) => {
      // Everything that talks to the office runs within the budget (issue 30: a frozen server
      // held a finished run for as long as it was frozen): what is not published by then waits
      // in the outbox. Stopping first, at once, so nothing starts again after the budget.
      const stopped = Promise.all([
        live.close(),
        publisher.stop(),
        rows.stop(),
        routeSync?.stop(),
        decisionSync?.stop(),
        profileSync?.stop(),
        historySync?.stop(),
      ]);
      let late = false;
      const work = async (): Promise<PublisherState> => {
        await stopped;
        // The sheets and billing rows as the run left them (published while it ran too): not
        // from the outbox, an upsert of what the queue holds, so it is safe to repeat.
        const { routes } = await publishDesk(
          opts.store,
          office,
          opts.desk,
          new Date(opts.clock.now()),
        ).catch(() => ({ routes: 0 }));
        if (routes > 0 && !late) {
          opts.say(`Office: ${routes} route${routes === 1 ? '' : 's'} up to date.`);
        }
        return publisher.drain();
      };
      const drained = await withinMs(work(), budgetMs);
      late = drained === 'late';
      const state = drained === 'late' ? publisher.state() : drained;
      // A statement still out holds its connection until its timeout; the desk does not wait.
      await withinMs(
        office.close().catch(() => undefined),
        CLOSE_GRACE_MS,
      );
      for (const line of officeReadingLines(opts.store)) opts.say(line);
      if (gate.sentUnclaimed > 0) {
        opts.say(
          `Office: ${photoCount(gate.sentUnclaimed)} sent without a claim; another desk may have paid for them too.`,
        );
      }
      opts.say(
        state.pending === 0
          ? `Office: ${state.published} entries published, none waiting.`
          : `Office: ${state.pending} entries wait in this desk's outbox; they go with the next run that reaches ${where}.`,
      );
      return state;
    },
  };
}

/** How long a desk's start waits for the office's routes, at most (ms). */
const ROUTES_AT_START_MS = 5_000;

/** How long closing may wait for the office to take its connections back after the budget. */
const CLOSE_GRACE_MS = 1_000;

/** `work`'s result, or 'late' once `ms` have passed (a plain timer: the budget is real time). */
async function withinMs<T>(work: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => {
      resolve('late');
    }, ms);
  });
  try {
    return await Promise.race([work, budget]);
  } finally {
    clearTimeout(timer);
  }
}

/** The log's words for why photos went without a claim. */
const UNCLAIMED_WHY: Readonly<Record<UnclaimedWhy, string>> = {
  unreachable: 'the office was not reachable',
  refused: 'the office refused the claim',
  noReading: 'marked read in the office without a reading',
};

function photoCount(n: number): string {
  return `${n} photo${n === 1 ? '' : 's'}`;
}

/** What this queue took from, or waits for from, other desks of the office (not paid here). */
function officeReadingLines(store: Store): string[] {
  const photos = photoCount;
  return store.jobs
    .officeDesks()
    .flatMap(({ desk, read, waiting }) => [
      ...(read > 0 ? [`Office: ${photos(read)} took ${desk}'s readings, not sent again.`] : []),
      ...(waiting > 0 ? [`Office: ${photos(waiting)} wait for ${desk}'s readings.`] : []),
    ]);
}
