// Operator commands: npm run admin -- create|set-password|deactivate|activate|list [options]
//   create --email E --password P [--role admin|editor] [--first-name F] [--last-name L]
//   set-password --email E --password P     (also ends the admin's sessions)
//   deactivate --email E                    (ends the admin's sessions)
import { parseArgs } from 'node:util'
import { adminUserCreateSchema } from '../core/schemas/users.ts'
import {
  createAdmin,
  destroyAdminSessions,
  findAdminByEmail,
  listAdmins,
  passwordProblem,
  setPassword,
  updateAdmin,
} from '../server/identity/index.ts'
import { createDatabase, migrateToLatest, parseConfig } from '../server/platform/index.ts'

const [command, ...rest] = process.argv.slice(2)
const { values } = parseArgs({
  args: rest,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'admin' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
})

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const config = parseConfig()
const database = createDatabase(config.database)
try {
  await migrateToLatest(database.db.withoutPlugins(), database.dialect)
  const { db } = database
  const email = values.email?.trim().toLowerCase()
  switch (command) {
    case 'create': {
      const input = adminUserCreateSchema.safeParse({
        email,
        password: values.password,
        role: values.role,
        firstName: values['first-name'],
        lastName: values['last-name'],
      })
      if (!input.success) fail(input.error.issues[0]?.message ?? 'Invalid input')
      const weak = passwordProblem(input.data.password)
      if (weak) fail(weak)
      if (await findAdminByEmail(db, input.data.email))
        fail(`An admin with the email ${input.data.email} already exists`)
      const admin = await createAdmin(db, input.data)
      console.log(`Created ${admin.role} ${admin.email} (id ${admin.id})`)
      break
    }
    case 'set-password': {
      if (!email || !values.password) fail('Usage: set-password --email E --password P')
      const weak = passwordProblem(values.password)
      if (weak) fail(weak)
      const admin = (await findAdminByEmail(db, email)) ?? fail(`No admin with the email ${email}`)
      await setPassword(db, admin.id, values.password)
      await destroyAdminSessions(db, admin.id)
      console.log(`Password changed for ${admin.email}; their sessions were ended`)
      break
    }
    case 'deactivate':
    case 'activate': {
      if (!email) fail(`Usage: ${command} --email E`)
      const admin = (await findAdminByEmail(db, email)) ?? fail(`No admin with the email ${email}`)
      const isActive = command === 'activate'
      await updateAdmin(db, admin.id, { isActive })
      if (!isActive) await destroyAdminSessions(db, admin.id)
      console.log(`${admin.email} is now ${isActive ? 'active' : 'deactivated'}`)
      break
    }
    case 'list': {
      const rows = await listAdmins(db)
      for (const r of rows)
        console.log(
          `${r.id}\t${r.email}\t${r.role}\t${r.isActive ? 'active' : 'inactive'}\t${r.lastLogin?.toISOString() ?? 'never'}`,
        )
      break
    }
    default:
      fail(
        'Usage: npm run admin -- create|set-password|deactivate|activate|list [--email E] [--password P] [--role admin|editor]',
      )
  }
} finally {
  await database.destroy()
}
