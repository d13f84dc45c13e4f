// Why a media file cannot go to Steam as it is: one plain sentence per broken rule, shown on the
// media card and in the Select Media dialog. Such a file is converted once before it streams to Steam.

const s1 = (n: number) => n.toFixed(1);

export const STEAM_RULES = {
  videoCodec: (codec: string) => `video is ${codec}; Steam needs H.264`,
  profile: (profile: string) => `H.264 profile is ${profile}; Steam needs High`,
  profileUnknown: "the H.264 profile could not be read; Steam needs High",
  level: (level: number) => `H.264 level ${s1(level)}; Steam needs 4.1 or lower`,
  frameRate: (fps: number) => `${Number(fps.toFixed(2))} frames per second; Steam needs 30 or 60`,
  frameRateUnknown: "the frame rate could not be read; Steam needs 30 or 60 frames per second",
  aspect: (width: number, height: number) => `picture is ${width}×${height}; Steam needs 16:9`,
  keyframes: (seconds: number) => `keyframes every ${s1(seconds)} s; Steam needs 2 s`,
  keyframesUnknown: "keyframes could not be found; Steam needs one every 2 s",
  videoBitrate: (kbps: number) => `video at ${kbps} kbps; Steam allows at most 7000 kbps`,
  videoPeak: (kbps: number) =>
    `video reaches ${kbps} kbps in its busiest second; Steam allows at most 7000 kbps in any second`,
  noAudio: "no sound track; Steam needs AAC-LC sound",
  audioCodec: (codec: string) => `sound is ${codec}; Steam needs AAC-LC`,
  audioProfile: (profile: string) => `sound is AAC ${profile}; Steam needs AAC-LC`,
  audioBitrate: (kbps: number) => `sound at ${kbps} kbps; Steam allows at most 128 kbps`,
  audioShorter: (seconds: number) =>
    `sound is ${s1(seconds)} s shorter than the video; both must be the same length`,
  audioLonger: (seconds: number) =>
    `sound is ${s1(seconds)} s longer than the video; both must be the same length`,
  loopSeam:
    "sound and picture do not end together, so every time the file loops the stream would stumble for a moment",
  loopKeyframe:
    "the last keyframe is more than 2 s before the end, so every time the file loops Steam would wait too long for a keyframe",
  /** Media checked before these rules existed: it is converted before it goes to Steam. */
  notChecked: "checked before Steam's full rules were applied; it is converted before it goes to Steam",
  /** Heading over the reasons. */
  heading: "Converted once before it goes to Steam:",
  ready: "Ready for Steam",
  /** The converted copy exists: streams use it, nothing waits any more. */
  prepared: "Prepared for Steam",
  preparedHint: "Converted once; streams use the converted copy.",
  preparing: (percent: string) => `Converting for Steam… ${percent}`,
  preparationFailed: "The conversion for Steam failed; it is tried again at the next start.",
} as const;
