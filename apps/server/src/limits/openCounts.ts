/** How many of something (websockets, TCP connections) each client address has open now, and all of them together. */
export class OpenCounts {
  private readonly byAddress = new Map<string, number>();
  private all = 0;

  of(address: string): number {
    return this.byAddress.get(address) ?? 0;
  }

  get total(): number {
    return this.all;
  }

  open(address: string): void {
    this.byAddress.set(address, this.of(address) + 1);
    this.all++;
  }

  close(address: string): void {
    const left = this.of(address) - 1;
    if (left > 0) this.byAddress.set(address, left);
    else this.byAddress.delete(address);
    this.all--;
  }
}
