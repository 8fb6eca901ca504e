// English words of the watch folders in Settings (renderer/screens/settings/watch-folders.tsx).
export const watch = {
  title: 'Watch folders',
  intro:
    'New photos in these folders are added by themselves once they are completely copied: a shared folder the readers’ phones sync to, or a memory card.',
  none: 'No folder is watched.',
  pathLabel: 'Folder to watch',
  pathHint: 'A full folder path, e.g. /home/anna/Meter photos or D:\\Meter photos.',
  notAbsolute: 'Enter a full folder path, e.g. /home/anna/Meter photos or D:\\Meter photos.',
  duplicate: 'This folder is already watched.',
  browse: 'Browse…',
  add: 'Watch folder',
  remove: 'Stop watching',
  removeLabel: 'Stop watching {{path}}',
  saving: 'Saving…',
  failed: 'Not saved: {{reason}}',
  state: {
    starting: 'Starting',
    watching: 'Watching',
    unavailable: 'Unavailable: not there now. Watched again as soon as it returns.',
  },
  added_one: '{{count}} photo added',
  added_other: '{{count}} photos added',
  waiting_one: '{{count}} photo still being copied',
  waiting_other: '{{count}} photos still being copied',
} as const;
