import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * The otpauth URI drawn as a QR code in the page. An SVG string in an <img>
 * data URL keeps it within a strict CSP (no inline script, no inline style).
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    qrSvg(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [value]);
  if (!src) return <div className="qr qr-pending" />;
  return <img className="qr" src={src} alt={label} width={200} height={200} />;
}
