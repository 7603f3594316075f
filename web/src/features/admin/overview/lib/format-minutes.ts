/** A duration in minutes as the team says it: '45 min', '3 h 20 min', '2 d 4 h'. */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 24) return whole % 60 === 0 ? `${hours} h` : `${hours} h ${whole % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/** A share from 0 to 1 as a whole percent. */
export function formatShare(share: number): string {
  return `${Math.round(share * 100)}%`;
}
