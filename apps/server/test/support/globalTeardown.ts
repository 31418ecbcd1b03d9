export { teardown as default } from './bundle';
