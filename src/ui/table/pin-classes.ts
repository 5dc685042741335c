/**
 * A pinned cell stays at its edge of the table's own scrolling box, on an opaque ground, with an
 * edge line and a soft shadow so the columns passing under it read as passing under.
 */
export type PinSide = 'left' | 'right';

const PIN: Record<PinSide, string> = {
  left: 'sticky left-0 z-10 shadow-[inset_-1px_0_0_var(--color-edge),4px_0_6px_-4px_rgb(0_0_0/0.25)]',
  right: 'sticky right-0 z-10 shadow-[inset_1px_0_0_var(--color-edge),-4px_0_6px_-4px_rgb(0_0_0/0.25)]',
};

export function pinClass(side: PinSide | undefined, ground: string): string | undefined {
  return side ? `${PIN[side]} ${ground}` : undefined;
}
