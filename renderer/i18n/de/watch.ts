import type { Words } from '../catalogue-types';
import type { watch as en } from '../en/watch';

export const watch: Words<typeof en> = {
  title: 'Überwachte Ordner',
  intro:
    'Neue Fotos in diesen Ordnern werden von selbst hinzugefügt, sobald sie vollständig kopiert sind: etwa ein freigegebener Ordner, mit dem sich die Handys der Ableser abgleichen, oder eine Speicherkarte.',
  none: 'Es wird kein Ordner überwacht.',
  pathLabel: 'Zu überwachender Ordner',
  pathHint: 'Ein vollständiger Ordnerpfad, z. B. /home/anna/Zählerfotos oder D:\\Zählerfotos.',
  notAbsolute:
    'Bitte einen vollständigen Ordnerpfad eingeben, z. B. /home/anna/Zählerfotos oder D:\\Zählerfotos.',
  duplicate: 'Dieser Ordner wird bereits überwacht.',
  browse: 'Durchsuchen…',
  add: 'Ordner überwachen',
  remove: 'Nicht mehr überwachen',
  removeLabel: '{{path}} nicht mehr überwachen',
  saving: 'Wird gespeichert …',
  failed: 'Nicht gespeichert: {{reason}}',
  state: {
    starting: 'Wird gestartet',
    watching: 'Wird überwacht',
    unavailable: 'Nicht erreichbar. Wird wieder überwacht, sobald der Ordner zurück ist.',
  },
  added_one: '{{count}} Foto hinzugefügt',
  added_other: '{{count}} Fotos hinzugefügt',
  waiting_one: '{{count}} Foto wird noch kopiert',
  waiting_other: '{{count}} Fotos werden noch kopiert',
};
