import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';

interface VirtualRowsProps {
  count: number;
  /** Every row's height in px (the rows' CSS fixes it), so nothing needs measuring. */
  rowHeight: number;
  renderRow: (index: number) => ReactNode;
  /** Rows rendered beyond the screen on each side, so fast scrolling shows no gap. */
  overscan?: number;
}

/**
 * Renders only the rows on screen (plus overscan) of a long list in the scrolling window, with spacers
 * above and below standing in for the rest, so thousands of loaded rows cost what a screenful does. The
 * spacers' heights are set through the CSSOM, which the strict CSP allows (it forbids style attributes).
 */
export function VirtualRows({ count, rowHeight, renderRow, overscan = 8 }: VirtualRowsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const beforeRef = useRef<HTMLDivElement>(null);
  const afterRef = useRef<HTMLDivElement>(null);
  const marginRef = useRef(0);

  useLayoutEffect(() => {
    marginRef.current = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
  });

  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    overscan,
    scrollMargin: marginRef.current,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - virtualizer.options.scrollMargin : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - virtualizer.options.scrollMargin) : 0;

  useLayoutEffect(() => {
    if (beforeRef.current) beforeRef.current.style.height = `${Math.max(before, 0)}px`;
    if (afterRef.current) afterRef.current.style.height = `${Math.max(after, 0)}px`;
  }, [before, after]);

  return (
    <div ref={listRef} role="presentation">
      <div ref={beforeRef} aria-hidden="true" />
      {items.map((item) => renderRow(item.index))}
      <div ref={afterRef} aria-hidden="true" />
    </div>
  );
}
