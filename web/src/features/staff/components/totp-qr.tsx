import { encode } from 'uqr';

/**
 * The otpauth:// URI as a QR code an authenticator app scans: drawn here as SVG rectangles
 * (no image from elsewhere, no inline style), with a quiet zone of four modules.
 */
export function TotpQr({ uri, label }: { uri: string; label: string }) {
  const { data, size } = encode(uri, { ecc: 'M' });
  const border = 4;
  const cells: string[] = [];
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) cells.push(`M${x + border} ${y + border}h1v1h-1z`);
    }),
  );
  const extent = size + border * 2;
  return (
    <svg
      viewBox={`0 0 ${extent} ${extent}`}
      role="img"
      aria-label={label}
      className="size-48 rounded-lg border border-slate-200 bg-white"
      shapeRendering="crispEdges"
      data-testid="totp-qr"
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={cells.join('')} fill="#0f172a" />
    </svg>
  );
}

/** A base32 secret in groups of four, as an app asks for it when typed by hand. */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;
