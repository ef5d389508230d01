// The live connection to the task hub, which the shell's chrome mounts after sign-in.
export { RealtimeConnection } from './realtime-connection.tsx';
