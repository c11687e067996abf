/** ABA routing numbers carry a checksum (weights 3, 7, 1); banks refuse others. */
export function validRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const digits = [...routing].map(Number);
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return digits.reduce((sum, digit, index) => sum + digit * (weights[index] as number), 0) % 10 === 0;
}
