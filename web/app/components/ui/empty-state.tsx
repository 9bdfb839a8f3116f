export function EmptyState({ icon, text }: { icon?: React.ReactNode; text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-hint">
      {icon}
      <p>{text}</p>
    </div>
  );
}
