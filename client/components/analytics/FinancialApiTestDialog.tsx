import {
  Badge,
  Box,
  Button,
  Code,
  Field,
  Flex,
  HStack,
  Input,
  List,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { DialogFrame } from "@client/components/DialogFrame";
import { AlertIcon, CheckIcon, FlaskIcon } from "@client/components/icons/analytics";
import { errorMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { API_TEST_UI as T } from "@client/messages/analytics-ui";
import { ANALYTICS } from "@shared/messages/analytics";
import { COMMON } from "@shared/messages/common";
import type { TestResult } from "@shared/schemas/analytics";
import { useEffect, useState } from "react";

const digitsOnly = (v: string) => v.replace(/\D/g, "");

/** Steam Financial API Testing: runs the server's partner-API checks for one app and lists what passed. */
export function FinancialApiTestDialog({
  open,
  onOpenChange,
  initialAppId,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  initialAppId?: number | null;
}) {
  const [appId, setAppId] = useState("");
  const [partnerId, setPartnerId] = useState("");
  const [results, setResults] = useState<TestResult[] | null>(null);
  const run = trpc.analytics.testFinancialApi.useMutation();

  // Each opening starts from the app id it was given (Advanced Testing passes the project's).
  useEffect(() => {
    if (!open) return;
    setAppId(initialAppId ? String(initialAppId) : "");
    setPartnerId("");
    setResults(null);
  }, [open, initialAppId]);

  async function submit() {
    if (!appId.trim()) {
      window.alert(ANALYTICS.testAppIdRequired);
      return;
    }
    try {
      const answer = await run.mutateAsync({
        appId: Number(appId),
        partnerId: partnerId ? Number(partnerId) : undefined,
      });
      setResults(answer.testResults);
    } catch (err) {
      const error = errorMessage(err, COMMON.unexpected);
      setResults([{ test: ANALYTICS.apiConnection, success: false, message: error, error }]);
    }
  }

  return (
    <DialogFrame
      open={open}
      onClose={() => onOpenChange(false)}
      size="lg"
      scrollBehavior="inside"
      contentProps={{ borderRadius: "xl" }}
      title={ANALYTICS.testTitle}
      subtitle={T.intro}
      icon={
        <Box colorPalette="purple" bg="colorPalette.subtle" color="colorPalette.fg" p="2" borderRadius="lg">
          <FlaskIcon boxSize="5" />
        </Box>
      }
      onSubmit={submit}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {T.close}
          </Button>
          <Button type="submit" colorPalette="purple" loading={run.isPending} loadingText={T.running}>
            {ANALYTICS.runTests}
          </Button>
        </>
      }
    >
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root required>
            <Field.Label>
              {ANALYTICS.testAppId}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              inputMode="numeric"
              value={appId}
              onChange={(e) => setAppId(digitsOnly(e.target.value))}
              placeholder="620"
              fontFamily="mono"
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{ANALYTICS.testPartnerId}</Field.Label>
            <Input
              inputMode="numeric"
              value={partnerId}
              onChange={(e) => setPartnerId(digitsOnly(e.target.value))}
              fontFamily="mono"
            />
            <Field.HelperText>{ANALYTICS.testPartnerIdHint}</Field.HelperText>
          </Field.Root>
        </SimpleGrid>
        {results ? <Results results={results} /> : null}
        <Troubleshooting />
      </Stack>
    </DialogFrame>
  );
}

function Results({ results }: { results: TestResult[] }) {
  const passed = results.filter((r) => r.success).length;
  return (
    <Box>
      <Flex justify="space-between" align="center" mb="2">
        <Text fontWeight="semibold" fontSize="sm">
          {T.results}
        </Text>
        <Badge colorPalette={passed === results.length ? "green" : "red"} variant="subtle">
          {T.passedCount(passed, results.length)}
        </Badge>
      </Flex>
      <Stack gap="2" data-testid="api-test-results">
        {results.map((r) => (
          <Box
            key={r.test}
            borderWidth="1px"
            borderColor={r.success ? "green.900" : "red.900"}
            bg={r.success ? "green.950/40" : "red.950/40"}
            borderRadius="lg"
            px="3"
            py="2.5"
          >
            <HStack gap="2" align="flex-start">
              <Box color={r.success ? "green.fg" : "red.fg"} pt="0.5">
                {r.success ? <CheckIcon boxSize="4" /> : <AlertIcon boxSize="4" />}
              </Box>
              <Box flex="1" minW="0">
                <Flex justify="space-between" gap="2">
                  <Text fontWeight="medium" fontSize="sm">
                    {r.test}
                  </Text>
                  <Text fontSize="xs" color={r.success ? "green.fg" : "red.fg"}>
                    {r.success ? T.pass : T.fail}
                  </Text>
                </Flex>
                <Text fontSize="sm" color="fg.muted">
                  {r.message}
                </Text>
                {r.error && r.error !== r.message ? (
                  <Code size="sm" colorPalette="red" mt="1" whiteSpace="pre-wrap" wordBreak="break-word">
                    {r.error}
                  </Code>
                ) : null}
                {r.resultsCount !== undefined ? (
                  <Text fontSize="xs" color="fg.subtle" mt="1">
                    {T.resultsCount(r.resultsCount)}
                  </Text>
                ) : null}
                {r.data !== undefined && r.data !== null ? (
                  <Code
                    display="block"
                    size="sm"
                    mt="1"
                    maxH="24"
                    overflow="auto"
                    whiteSpace="pre"
                    fontSize="2xs"
                  >
                    {JSON.stringify(r.data, null, 2)}
                  </Code>
                ) : null}
              </Box>
            </HStack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

function Troubleshooting() {
  const hints = ANALYTICS.troubleshooting;
  return (
    <Box borderWidth="1px" borderColor="border.muted" borderRadius="lg" px="4" py="3" bg="bg.subtle">
      <Text fontWeight="semibold" fontSize="sm" mb="1.5">
        {T.troubleshooting}
      </Text>
      <List.Root gap="1" fontSize="sm" color="fg.muted" ps="4">
        <List.Item>{hints.forbidden}</List.Item>
        <List.Item>{hints.unauthorized}</List.Item>
        <List.Item>{hints.badRequest}</List.Item>
      </List.Root>
    </Box>
  );
}
