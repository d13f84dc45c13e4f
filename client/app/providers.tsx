import { ChakraProvider, defaultSystem } from "@chakra-ui/react";
import { Notices } from "@client/components/shell/Notices";
import { createTrpcClient, trpc } from "@client/lib/trpc";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { createQueryClient } from "./query-client";
import { SessionProvider } from "./session";

type TrpcClient = ReturnType<typeof createTrpcClient>;

/** Everything a screen needs around it. Tests pass their own tRPC client (an in-process link). */
export function AppProviders({
  children,
  trpcClient,
  queryClient,
}: {
  children: ReactNode;
  trpcClient?: TrpcClient;
  queryClient?: QueryClient;
}) {
  const [queries] = useState(() => queryClient ?? createQueryClient());
  const [client] = useState(() => trpcClient ?? createTrpcClient());
  return (
    <trpc.Provider client={client} queryClient={queries}>
      <QueryClientProvider client={queries}>
        <ChakraProvider value={defaultSystem}>
          <SessionProvider>{children}</SessionProvider>
          <Notices />
        </ChakraProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
