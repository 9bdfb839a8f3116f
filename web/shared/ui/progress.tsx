// A progress bar of a percentage, filled and announced in whole percent.
export function Progress({ value, label }: { value: number; label: string }) {
  const whole = Math.floor(value);
  return (
    <div className="h-2.5 w-full overflow-hidden rounded-full bg-hint/20" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={whole}>
      <div className="h-full rounded-full bg-accent transition-[width] duration-500" style={{ width: `${whole}%` }} />
    </div>
  );
}
