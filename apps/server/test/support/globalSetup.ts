export { setup as default } from './bundle';
