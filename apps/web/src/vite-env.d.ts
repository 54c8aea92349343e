/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_TENANT_ID: string;
}
