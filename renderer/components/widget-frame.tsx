// A header widget's frame (quota, AI) for the states with little to say: not known yet, not
// permitted, or unknown while the service refuses the key.
import type { IconName } from '../lib/states';
import { Icon } from './icon';

export function WidgetFrame({
  label,
  testId,
  icon,
  title,
  children,
}: {
  label: string;
  testId: string;
  icon: IconName;
  title: string;
  children: React.ReactNode;
}): React.JSX.Element {
  return (
    <section className="widget" aria-label={label} data-testid={testId}>
      <div className="widget-head">
        <Icon name={icon} />
        <span className="widget-title">{title}</span>
      </div>
      {children}
    </section>
  );
}
