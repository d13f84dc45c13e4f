import {
  Badge,
  Box,
  Button,
  Card,
  CloseButton,
  Field,
  Flex,
  HStack,
  Input,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { usePermissions } from "@client/app/permissions";
import { FinancialApiTestDialog } from "@client/components/analytics/FinancialApiTestDialog";
import { ChartIcon, FlaskIcon } from "@client/components/icons/analytics";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { STEAM_SETTINGS_UI as T } from "@client/messages/analytics-ui";
import { ANALYTICS } from "@shared/messages/analytics";
import type { AnalyticsSettingsView } from "@shared/schemas/analytics";
import { type FormEvent, useEffect, useState } from "react";
import { GameSearch } from "./GameSearch";
import { Toggle } from "./SettingsToggle";

interface FormState {
  /** Digits only; empty means no app. */
  steamAppId: string;
  /** Set when the app was chosen from the search (or the server knows its name): shows the chip. */
  gameName: string | null;
  steamAnalyticsEnabled: boolean;
  financialAnalyticsEnabled: boolean;
}

const fromSettings = (s: AnalyticsSettingsView): FormState => ({
  steamAppId: s.steam_app_id === null ? "" : String(s.steam_app_id),
  gameName: s.steam_app_id !== null ? s.app_name : null,
  steamAnalyticsEnabled: s.steam_analytics_enabled,
  financialAnalyticsEnabled: s.financial_analytics_enabled,
});

/** The Steam Analytics card of project settings (docs/screens.md#project-settings). */
export function SteamAnalyticsCard({ projectId }: { projectId: number }) {
  const settings = trpc.analytics.settings.useQuery({ projectId }, { refetchOnWindowFocus: false });
  const [form, setForm] = useState<FormState | null>(null);
  const [testing, setTesting] = useState(false);
  // Said before sending: Steam analytics without an app would only be refused by the server.
  const [appIdError, setAppIdError] = useState<string>();
  const save = trpc.analytics.updateSettings.useMutation();
  const { allowed, reason } = usePermissions();
  // Read-only for roles the server would refuse: no search, no switches, no Save, no API test.
  const readOnly = !allowed("analytics.settings");

  // The form starts from the server's settings once, and is not overwritten while being edited.
  useEffect(() => {
    if (settings.data && form === null) setForm(fromSettings(settings.data));
  }, [settings.data, form]);

  const set = (patch: Partial<FormState>) => {
    setAppIdError(undefined);
    setForm((f) => (f ? { ...f, ...patch } : f));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form || readOnly) return;
    if (form.steamAnalyticsEnabled && !form.steamAppId) return setAppIdError(ANALYTICS.steamNeedsAppId);
    try {
      const saved = await save.mutateAsync({
        projectId,
        steamAppId: form.steamAppId ? Number.parseInt(form.steamAppId, 10) : null,
        // The chosen game's name lets the server show the chip again next time.
        steamAppName: form.steamAppId ? form.gameName : null,
        steamAnalyticsEnabled: form.steamAnalyticsEnabled,
        financialAnalyticsEnabled: form.steamAnalyticsEnabled && form.financialAnalyticsEnabled,
      });
      setForm((f) => ({
        steamAppId: saved.steam_app_id === null ? "" : String(saved.steam_app_id),
        gameName: saved.steam_app_id === null ? null : (f?.gameName ?? null),
        steamAnalyticsEnabled: saved.steam_analytics_enabled,
        financialAnalyticsEnabled: saved.financial_analytics_enabled,
      }));
      notify({ type: "success", title: ANALYTICS.settingsUpdated });
    } catch (err) {
      notify({
        type: "error",
        title: ANALYTICS.updateFailedTitle,
        message: errorMessage(err, ANALYTICS.updateFailed),
      });
    }
  }

  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" data-testid="steam-analytics-card">
      <Card.Header>
        <HStack gap="3">
          <Box colorPalette="teal" bg="colorPalette.subtle" color="colorPalette.fg" p="2" borderRadius="lg">
            <ChartIcon boxSize="5" />
          </Box>
          <Box>
            <Card.Title>{ANALYTICS.steamCardTitle}</Card.Title>
            <Card.Description>{T.subtitle}</Card.Description>
          </Box>
        </HStack>
      </Card.Header>
      <Card.Body>
        {!form && settings.isError ? (
          <Text color="fg.error" role="alert">
            {errorMessage(settings.error, ANALYTICS.loadFailed)}
          </Text>
        ) : !form ? (
          <Stack gap="3">
            <Skeleton h="10" />
            <Skeleton h="10" />
            <Skeleton h="8" w="60%" />
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="5">
              {readOnly ? null : (
                <GameSearch
                  onChoose={(game) => set({ steamAppId: String(game.appId), gameName: game.name })}
                />
              )}
              {form.gameName !== null ? (
                <Flex
                  data-testid="chosen-game"
                  align="center"
                  gap="3"
                  borderWidth="1px"
                  borderColor="teal.800"
                  bg="teal.950/40"
                  borderRadius="lg"
                  px="3"
                  py="2"
                >
                  <Box flex="1" minW="0">
                    <Text fontWeight="medium" truncate>
                      {form.gameName}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                      {T.chosenAppId(Number(form.steamAppId))}
                    </Text>
                  </Box>
                  <CloseButton
                    hidden={readOnly}
                    size="sm"
                    aria-label={T.clearGame}
                    // Without a game there is nothing to analyse: the toggles go off with it.
                    onClick={() =>
                      set({
                        steamAppId: "",
                        gameName: null,
                        steamAnalyticsEnabled: false,
                        financialAnalyticsEnabled: false,
                      })
                    }
                  />
                </Flex>
              ) : (
                <Field.Root readOnly={readOnly} invalid={appIdError !== undefined}>
                  <Field.Label>{ANALYTICS.manualAppId}</Field.Label>
                  <Input
                    inputMode="numeric"
                    value={form.steamAppId}
                    placeholder={T.appIdPlaceholder}
                    fontFamily="mono"
                    onChange={(e) => set({ steamAppId: e.target.value.replace(/\D/g, "") })}
                  />
                  {appIdError ? (
                    <Field.ErrorText>{appIdError}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>{T.appIdHint}</Field.HelperText>
                  )}
                </Field.Root>
              )}
              <Toggle
                label={ANALYTICS.enableSteam}
                hint={T.enableSteamHint}
                checked={form.steamAnalyticsEnabled}
                disabled={readOnly}
                onChange={(on) =>
                  // Financial analytics rides on Steam analytics: switching Steam off takes it along.
                  set(
                    on
                      ? { steamAnalyticsEnabled: true }
                      : { steamAnalyticsEnabled: false, financialAnalyticsEnabled: false },
                  )
                }
              />
              {form.steamAnalyticsEnabled ? (
                <Stack gap="4" ps="4" borderLeftWidth="2px" borderColor="teal.800">
                  <Toggle
                    label={ANALYTICS.enableFinancial}
                    hint={ANALYTICS.enableFinancialHelp}
                    checked={form.financialAnalyticsEnabled}
                    disabled={readOnly}
                    onChange={(on) => set({ financialAnalyticsEnabled: on })}
                  />
                  {form.financialAnalyticsEnabled && settings.data && !settings.data.partnerKeyConfigured ? (
                    <Badge colorPalette="yellow" variant="subtle" alignSelf="flex-start">
                      {T.partnerKeyMissing}
                    </Badge>
                  ) : null}
                  <Box hidden={readOnly}>
                    <Button
                      variant="outline"
                      size="sm"
                      colorPalette="purple"
                      onClick={() => setTesting(true)}
                    >
                      <FlaskIcon /> {ANALYTICS.advancedTesting}
                    </Button>
                  </Box>
                </Stack>
              ) : null}
              {readOnly ? (
                <Text fontSize="sm" color="fg.muted" data-testid="analytics-settings-read-only">
                  {reason("analytics.settings")}
                </Text>
              ) : (
                <Flex justify="flex-end">
                  <Button
                    type="submit"
                    colorPalette="teal"
                    loading={save.isPending}
                    loadingText={ANALYTICS.saving}
                  >
                    {ANALYTICS.saveChanges}
                  </Button>
                </Flex>
              )}
            </Stack>
          </form>
        )}
      </Card.Body>
      <FinancialApiTestDialog
        open={testing}
        onOpenChange={setTesting}
        initialAppId={form?.steamAppId ? Number(form.steamAppId) : null}
      />
    </Card.Root>
  );
}
