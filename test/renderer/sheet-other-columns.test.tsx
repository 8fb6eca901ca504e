// @vitest-environment happy-dom
// The route sheet's mapping step says which of its other columns go along into the export (issue
// 29, item 6): the columns no field takes are kept per meter for an export template to carry
// back (main/billing/sheet-other-columns.ts); the list follows the clerk's choices.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { suggestMapping } from '../../common/billing/column-mapping';
import type { SheetPreview } from '../../common/ipc';
import { SheetDialog } from '../../renderer/billing/sheet-dialog';
import { SAP_SHEET_HEADERS } from '../billing/sap-headers';
import { renderWithStore } from './render-app';

afterEach(cleanup);

const HEADERS = [...SAP_SHEET_HEADERS, 'Hinweis'];

it('names the columns it carries into the export, as the clerk maps them', async () => {
  const { store } = await renderWithStore(<SheetDialog />);
  const { mapping, unmappedRequired } = suggestMapping(HEADERS);
  const preview: SheetPreview = {
    path: '/srv/tour.csv',
    name: 'tour.csv',
    encoding: 'windows-1252',
    delimiter: ';',
    encodingGuess: null,
    headers: HEADERS,
    sampleRows: [['4711', '1', 'Z-1', 'Hauptstraße 1', '00123', '12.10.2025', 'A-9', '']],
    mapping,
    mappingSource: 'suggested',
    unmappedRequired,
    dateOrderHint: null,
  };
  act(() => {
    store.setState({ sheetStep: { kind: 'mapping', preview } });
  });
  const said = (): string => screen.getByTestId('sheet-other-columns').textContent;
  expect(said()).toBe(
    'Other columns, kept for the export (an export template can add them): Ableseauftrag, Hinweis',
  );
  fireEvent.change(screen.getByTestId('map-address'), { target: { value: '' } });
  expect(said()).toMatch(/: Straße, Ableseauftrag, Hinweis$/);
  store.getState().stop();
});
