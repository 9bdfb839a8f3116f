// A scannable QR code of the referral link, drawn as one SVG path. Loaded on demand, so the
// QR encoder is not part of the app's first download.
import qrcode from "qrcode-generator";
import { useMemo } from "react";

export default function ReferralQr({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = qrcode(0, "M");
    qr.addData(value);
    qr.make();
    const count = qr.getModuleCount();
    let d = "";
    for (let row = 0; row < count; row++) {
      for (let col = 0; col < count; col++) if (qr.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
    }
    return { size: count, path: d };
  }, [value]);
  // Dark modules on white with a quiet zone of four modules, whatever the theme: scanners need it.
  return (
    <svg viewBox={`-4 -4 ${size + 8} ${size + 8}`} className="h-60 w-60 rounded-xl bg-white" role="img" aria-label={label} data-testid="referral-qr" shapeRendering="crispEdges">
      <rect x={-4} y={-4} width={size + 8} height={size + 8} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
