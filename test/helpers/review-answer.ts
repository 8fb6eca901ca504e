// A photo's review answer (the `review` and `undoReview` channels) when the test expects it made.
import type { ReviewAnswer } from '../../common/ipc/office-review-views';
import type { JobRecord } from '../../common/job-record';

export function reviewedJob(answer: ReviewAnswer): JobRecord {
  if (!answer.done) throw new Error(`refused: ${JSON.stringify(answer.changedBy)}`);
  return answer.job;
}
