/** A refusal or a failure the operator can act on: the scripts print its message and exit 1. */
export class OperationError extends Error {}

export function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
