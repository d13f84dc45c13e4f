import { Button, Code, Stack, Text } from "@chakra-ui/react";
import { FORMS_UI } from "@client/messages/forms-ui";
import { useState } from "react";

/** A secret the server gives out once (a token, a signing secret): why to copy it, it, a copy button. */
export function SecretShownOnce({ hint, value, testId }: { hint: string; value: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(value).then(
      () => setCopied(true),
      () => {},
    );
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {hint}
      </Text>
      <Code data-testid={testId} p="2" wordBreak="break-all" fontSize="sm">
        {value}
      </Code>
      <Button size="sm" variant="outline" alignSelf="start" onClick={copy}>
        {copied ? FORMS_UI.copied : FORMS_UI.copy}
      </Button>
    </Stack>
  );
}
