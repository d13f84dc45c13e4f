// node-media-server ships JavaScript without types; these are the few parts the test fake uses.
declare module "node-media-server" {
  interface NmsSession {
    streamName: string;
    close(): void;
  }
  export default class NodeMediaServer {
    constructor(config: object, configPath: string);
    on(event: "prePublish", listener: (session: NmsSession) => void): void;
    run(): Promise<void>;
    stop(): Promise<void>;
  }
}

declare module "node-media-server/src/core/logger.js" {
  const logger: { level: string };
  export default logger;
}
