import { Box, Button, Field, Input, NativeSelect, SimpleGrid, Text } from "@chakra-ui/react";
import { Panel } from "@client/components/StatCard";
import { errorMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { EXPORT_UI as T } from "@client/messages/analytics-export-ui";
import {
  DEFAULT_EXPORT_DAYS,
  EXPORT_FORMATS,
  EXPORT_KINDS,
  type ExportFormat,
  type ExportKind,
} from "@shared/schemas/analytics-export";
import { useState } from "react";

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Starts the browser's download of `url` (same origin, so the session cookie goes along). */
export function startDownload(url: string, filename: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * Choose what, when and how, then download. The server checks the choice first (the link
 * procedure), so a refusal shows here in plain words instead of arriving as a downloaded error file.
 */
export function ExportControl({ projectId, now = Date.now() }: { projectId: number; now?: number }) {
  const [kind, setKind] = useState<ExportKind>("sales");
  const [format, setFormat] = useState<ExportFormat>("csv");
  const [to, setTo] = useState(isoDay(now));
  const [from, setFrom] = useState(isoDay(now - (DEFAULT_EXPORT_DAYS - 1) * DAY_MS));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const utils = trpc.useUtils();

  async function download() {
    setError(null);
    setBusy(true);
    try {
      const link = await utils.analyticsExport.link.fetch({ projectId, kind, from, to, format });
      startDownload(link.url, link.filename);
    } catch (err) {
      setError(errorMessage(err, T.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={T.title} subtitle={T.subtitle} testId="analytics-export">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="3" alignItems="end">
        <Choice label={T.kindLabel} value={kind} onChange={(v) => setKind(v as ExportKind)}>
          {EXPORT_KINDS.map((k) => (
            <option key={k} value={k}>
              {T.kinds[k]}
            </option>
          ))}
        </Choice>
        <Field.Root>
          <Field.Label fontSize="sm">{T.fromLabel}</Field.Label>
          <Input type="date" size="sm" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="sm">{T.toLabel}</Field.Label>
          <Input type="date" size="sm" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        </Field.Root>
        <Choice label={T.formatLabel} value={format} onChange={(v) => setFormat(v as ExportFormat)}>
          {EXPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {T.formats[f]}
            </option>
          ))}
        </Choice>
        <Button size="sm" colorPalette="teal" onClick={download} loading={busy} disabled={busy}>
          {T.download}
        </Button>
      </SimpleGrid>
      {error ? (
        <Text fontSize="sm" color="red.fg" role="alert">
          {error}
        </Text>
      ) : null}
    </Panel>
  );
}

function Choice(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: React.ReactNode;
}) {
  return (
    <Field.Root>
      <Field.Label fontSize="sm">{props.label}</Field.Label>
      <Box w="full">
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            aria-label={props.label}
            value={props.value}
            onChange={(e) => props.onChange(e.currentTarget.value)}
            bg="bg.panel"
          >
            {props.children}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Box>
    </Field.Root>
  );
}
