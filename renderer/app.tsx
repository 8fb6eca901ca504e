import { JOB_STATES } from '../common/job';

/**
 * The desktop UI arrives with the shell and UI issues; until then the renderer builds and shows
 * where the queue's states will appear, so the build and the layering rules are exercised.
 */
export function App(): React.JSX.Element {
  return (
    <main>
      <h1>MeterDesk</h1>
      <p>The desktop window is not built yet. Use the command line: npm run demo.</p>
      <ul>
        {JOB_STATES.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    </main>
  );
}
