import { ChakraProvider, defaultSystem, Heading } from "@chakra-ui/react";

export function App() {
  return (
    <ChakraProvider value={defaultSystem}>
      <Heading>Stream Console</Heading>
    </ChakraProvider>
  );
}
