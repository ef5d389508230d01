// Timer durations are ISO 8601 (TimerProperties); whether one is valid the engine's validation says
// (missing-property 'duration'), so the designer only offers presets for the common waits.

/** The presets the Timer's properties offer, shortest first. */
export const DURATION_PRESETS = ['PT30M', 'PT1H', 'P1D'] as const;
export type DurationPreset = (typeof DURATION_PRESETS)[number];

export const isDurationPreset = (value: string): value is DurationPreset =>
  (DURATION_PRESETS as readonly string[]).includes(value.trim().toUpperCase());
