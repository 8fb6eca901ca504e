// Bodies as the meter OCR API's spec writes them (shared/spec/meter-ocr-api.md), for both sides
// that are checked against it: the client's tests answer with them, the sandbox's tests expect
// them. Taken from the spec alone, so neither side's code reaches the other's tests.

/** Spec 2.4: a service online and idle that takes new tasks; version and check time vary by test. */
export function idleAiStatus() {
  return {
    ok: true,
    is_online: true,
    busy: false,
    active_jobs: 0,
    public_status: 'online',
    public_status_label: 'online',
    public_status_reason: 'ready',
    accepts_new_tasks: true,
    can_return_cached_result: true,
    queue_state: 'idle',
    queue_count: 0,
  };
}

/** Spec 4.3: a task just created, before the AI has read it; id, summary and time vary by test. */
export function createdTask() {
  return {
    ok: true,
    status: 'queued',
    result_source: 'pending',
    visibility: 'private',
    ai_online: true,
    is_latest_ai_version: false,
    final_reading: '-',
    error_message: '',
  };
}
