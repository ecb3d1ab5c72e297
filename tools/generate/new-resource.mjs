#!/usr/bin/env node
// npm run new:resource -- <service> <name> [options]    (README: "Adding an entity")
// npm run remove:resource -- <service> <name>
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './names.mjs';
import { UsageError, applyPlan, applyRemove, planGenerate, planRemove } from './resource.mjs';

export const USAGE = `Usage:
  npm run new:resource -- <service> <name> [options]     writes an entity's files and registers them
  npm run remove:resource -- <service> <name>            undoes exactly that (the definition remembers the options)

  <service>  a back-end service, e.g. directory
  <name>     the entity's singular: forwarder, shipment-type (or shipmentType)

Options (each optional):
  --fields "Name[?]:type[(max)],..."  the fields; ? = optional (stored as ''), types: key, text, multiline,
                                      email, phone (default: <Name>Name:key); e.g.
                                      --fields "Forwarder:key,email:email,contact?:phone,address?:text(200),remarks?:multiline"
  --key <Field>            the natural key (default: the field typed key, else the first)
  --search A,B             fields a list's search looks in (default: the key)
  --plural <words>         the plural when English rules get it wrong (default: name + s/es/ies)
  --url <segment>          the URL and route-name key, /api/<segment>/... (default: the plural in camelCase)
  --area <area>            the permission area (default: the plural in camelCase; a new one is added to
                           permissions.ts as "all staff read and write, Head deletes")
  --rename <newKeyField>   the update body renames the key with this field (e.g. newForwarderName); or
  --rename "Field:newField,..."  the update body's names of the fields it renames, the key's optional
                           (e.g. "OriginPortName:newOriginPortName,OriginPortLocation:newOriginPortLocation")
  --remote <app>           the web remote for the screens (default: master-data)
  --no-screens             no screens, route or tile in a remote (another app's screens call the routes)
  --view                   a view screen too (default route view<name>/:<Key>)
  --list-path, --add-path, --edit-path, --view-path <segment>
                           the screens' routes (default: manage<name>, add<name>, edit<name>/:<Key>, view<name>/:<Key>)
  --menu-action read|write|delete
                           who sees the tile and the list: those who may do this in the area (default: read)
  --group <group>          the Administrative Tools group of a new tile (default: Other Tools)
  --tile <label>           the tile's label (default: Manage <Name>; an existing tile of that label gets the path)
`;

/**
 * @param {string[]} argv
 * @param {Record<string, string | undefined>} [env]
 * @param {string} [root] the workspace
 * @param {Pick<Console, 'log' | 'warn' | 'error'>} [log]
 * @returns {number} the exit code
 */
export function main(argv, env = process.env, root = fileURLToPath(new URL('../..', import.meta.url)), log = console) {
  try {
    const args = parseArgs(argv, env);
    if (args.help) {
      log.log(USAGE);
      return 0;
    }
    if (!args.service || !args.name) throw new UsageError('give a service and an entity name');
    if (args.remove) {
      const plan = planRemove(root, args.service, args.name, args.options);
      if (plan.remove.length === 0 && plan.edits.size === 0) throw new UsageError(`nothing of ${args.service} ${args.name} to remove`);
      applyRemove(root, plan);
      formatFiles(root, [...plan.edits.keys()]);
      for (const file of plan.remove) log.log(`deleted  ${file}`);
      for (const file of plan.edits.keys()) log.log(`edited   ${file}`);
      for (const warning of plan.warnings) log.warn(`warning: ${warning}`);
      log.log(
        `\nA database that ran the migration keeps the table: drop ${args.service}.${plan.entity.table} and its row in ${args.service}.migrations yourself.`,
      );
      return 0;
    }
    const plan = planGenerate(root, args.service, args.name, args.options, { timestamp: args.timestamp });
    applyPlan(root, plan);
    formatFiles(root, [...plan.create.map(([file]) => file), ...plan.edits.keys()]);
    for (const [file] of plan.create) log.log(`created  ${file}`);
    for (const file of plan.edits.keys()) log.log(`edited   ${file}`);
    const e = plan.entity;
    log.log(`
Next: fill in what is the ${e.words}'s own, then build and test it:
  - ${plan.files.definition}: field rules, texts (requirements 01 §8), operations
  - ${plan.files.module}: rules in a DefinedMasterDataHandlers subclass (beforeAdd / beforeUpdate / beforeDelete)
${e.screens ? `  - ${plan.files.screens}: labels, columns, the delete question\n` : ''}  npx nx run-many -t build && (cd apps/services/${e.service} && NODE_OPTIONS=--experimental-vm-modules npx jest ${e.file})
Undo: npm run remove:resource -- ${e.service} ${e.file}`);
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log.error(`new:resource: ${error.message}\n`);
    log.error(USAGE);
    return 2;
  }
}

/** Writes the files as Prettier would (npm run lint checks it), with this workspace's configuration. */
function formatFiles(root, files) {
  if (files.length === 0) return;
  const prettier = createRequire(import.meta.url).resolve('prettier/bin/prettier.cjs');
  const config = fileURLToPath(new URL('../../.prettierrc.json', import.meta.url));
  execFileSync(process.execPath, [prettier, '--config', config, '--log-level', 'warn', '--write', ...files], { cwd: root, stdio: 'inherit' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
