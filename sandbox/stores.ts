// In-memory task and batch stores. Ownership is per user (e-mail): another user's id is as
// unknown as a missing one (spec 4.4, 4.7: 404 either way).

import type { TaskRecord } from './task-record';

export interface BatchRecord {
  readonly id: string;
  readonly email: string;
  readonly key: string;
  readonly business: string;
  readonly createdAt: number;
  readonly tasks: readonly TaskRecord[];
}

export class TaskStore {
  private readonly byId = new Map<string, TaskRecord>();
  private readonly byEmail = new Map<string, TaskRecord[]>();

  has(id: string): boolean {
    return this.byId.has(id);
  }

  add(task: TaskRecord): void {
    this.byId.set(task.id, task);
    let list = this.byEmail.get(task.email);
    if (!list) {
      list = [];
      this.byEmail.set(task.email, list);
    }
    list.push(task);
  }

  ownedBy(id: string, email: string): TaskRecord | undefined {
    const task = this.byId.get(id);
    return task?.email === email ? task : undefined;
  }

  /** Newest first (creation order, which is also created_at order). */
  recent(email: string, limit: number): TaskRecord[] {
    const list = this.byEmail.get(email) ?? [];
    const out: TaskRecord[] = [];
    for (let i = list.length - 1; i >= 0 && out.length < limit; i--) {
      const task = list[i];
      if (task) out.push(task);
    }
    return out;
  }

  get size(): number {
    return this.byId.size;
  }
}

export class BatchStore {
  private readonly byId = new Map<string, BatchRecord>();

  has(id: string): boolean {
    return this.byId.has(id);
  }

  add(batch: BatchRecord): void {
    this.byId.set(batch.id, batch);
  }

  ownedBy(id: string, email: string): BatchRecord | undefined {
    const batch = this.byId.get(id);
    return batch?.email === email ? batch : undefined;
  }
}
