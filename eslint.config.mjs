import { config } from '@n8n/node-cli/eslint';

// n8n's own configuration for community nodes (what `n8n-node lint` runs), nothing turned off:
// n8n's package scanner runs the same rules and ignores overrides and disable comments.
export default [...config];
