#!/bin/sh
# Recompiles TestUsdt.sol into TestUsdt.json (its ABI and creation bytecode), which the payout
# tests deploy to anvil. Run after changing the source; needs npx and the registry's solc.
set -eu
cd "$(dirname "$0")"
out=$(mktemp -d)
npx --yes solc@0.8.28 --optimize --bin --abi -o "$out" TestUsdt.sol >/dev/null
node -e '
const fs = require("fs");
const [dir] = process.argv.slice(1);
const pick = (ext) => fs.readdirSync(dir).find((f) => f.endsWith(ext));
const abi = JSON.parse(fs.readFileSync(`${dir}/${pick(".abi")}`, "utf8"));
const bytecode = `0x${fs.readFileSync(`${dir}/${pick(".bin")}`, "utf8").trim()}`;
fs.writeFileSync("TestUsdt.json", JSON.stringify({ compiler: "solc 0.8.28 --optimize", abi, bytecode }, null, 2) + "\n");
' "$out"
rm -rf "$out"
