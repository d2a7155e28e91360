/** What the process entry, the scripts and the tests start the application from. */
export { seed } from './seed.ts'
export { createServices } from './services.ts'
