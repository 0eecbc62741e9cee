#!/bin/sh
# Installs n8n-nodes-voice-agent into n8n's community nodes folder, laid out as n8n's own
# installer lays it out: <nodes folder>/node_modules/n8n-nodes-voice-agent, the package
# recorded in <nodes folder>/package.json (so a later `npm install` of another community
# package there keeps it).
#
#   sh install-nodes.sh [what]   what: a version from npm (n8n-nodes-voice-agent@0.1.0, the
#                                default is the latest) or the path of a packed tarball
#
# The nodes folder is N8N_NODES_DIR, else ~/.n8n/nodes (n8n's Docker image: /home/node/.n8n/nodes).
# The Dockerfile beside it runs this, and so does every test suite with a real n8n (1.x and
# 2.x), into its throwaway user folder.
set -eu

what="${1:-n8n-nodes-voice-agent}"
dir="${N8N_NODES_DIR:-${HOME}/.n8n/nodes}"

mkdir -p "$dir"
cd "$dir"
[ -f package.json ] || printf '%s\n' '{"name":"installed-nodes","private":true}' >package.json
# The package has no runtime dependencies and no install scripts; n8n-workflow, its one peer,
# is n8n's own.
npm install "$what" --omit=peer --omit=dev --ignore-scripts --no-audit --no-fund
if [ ! -f node_modules/n8n-nodes-voice-agent/package.json ]; then
	echo "install-nodes.sh: $what did not install n8n-nodes-voice-agent into $dir" >&2
	exit 1
fi
echo "n8n-nodes-voice-agent installed into $dir"
