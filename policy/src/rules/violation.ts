/** What a rule finds: a message naming the resource, the field and the fix; a stack rule also names the resource's URN. */
export interface Violation {
  message: string;
  /** The resource it is about (stack rules; a resource rule's violations are its own resource's). */
  urn?: string;
}
