import type { ReactNode } from 'react';
import type { AcceptSpec } from './fileTypes';
import { FileDrop } from './FileDrop';
import { OrderedFileList, type OrderedItem } from './OrderedFileList';

interface Props {
  accept: AcceptSpec;
  typesLabel: string;
  /** The list's label ("Order of the clips"). */
  label: string;
  /** The start button's text, given the list's length. */
  startLabel: (count: number) => ReactNode;
  ordered: {
    items: OrderedItem[];
    setItems: (items: OrderedItem[]) => void;
    add: (files: File[], make: (file: File, id: string) => OrderedItem) => void;
    start: () => void;
  };
}

/** Many files in, one out: drop files, put them in order (drag or keyboard), start. For the `useOrderedJob` tools. */
export function OrderedFilesInput({ accept, typesLabel, label, startLabel, ordered: { items, setItems, add, start } }: Props) {
  return (
    <>
      <FileDrop accept={accept} onFiles={(files) => add(files, (file, id) => ({ id, file }))} typesLabel={typesLabel} />
      <OrderedFileList label={label} items={items} onChange={setItems} />
      {items.length > 0 && (
        <button type="button" className="btn btn-primary" onClick={start} data-testid="start">
          {startLabel(items.length)}
        </button>
      )}
    </>
  );
}
