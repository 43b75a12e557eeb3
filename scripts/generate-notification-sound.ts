/**
 * Writes client/public/sounds/notification.wav: the push toast's chime, two short sine tones with a soft
 * decay (22.05 kHz, 16-bit mono, about 0.35 s). Generated rather than downloaded so its origin is plain.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 22_050;
const tones = [
  { frequency: 880, start: 0, length: 0.16 },
  { frequency: 1318.5, start: 0.12, length: 0.23 },
];
const seconds = 0.35;
const samples = new Float32Array(Math.round(RATE * seconds));
for (const tone of tones) {
  const from = Math.round(tone.start * RATE);
  const count = Math.round(tone.length * RATE);
  for (let i = 0; i < count && from + i < samples.length; i += 1) {
    const t = i / RATE;
    const attack = Math.min(1, i / (0.005 * RATE));
    const decay = Math.exp(-t * 14);
    samples[from + i]! += 0.45 * attack * decay * Math.sin(2 * Math.PI * tone.frequency * t);
  }
}
const data = Buffer.alloc(samples.length * 2);
samples.forEach((value, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value)) * 32767), i * 2));
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20);
header.writeUInt16LE(1, 22);
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write('data', 36);
header.writeUInt32LE(data.length, 40);
const out = join(dirname(fileURLToPath(import.meta.url)), '../client/public/sounds/notification.wav');
await mkdir(dirname(out), { recursive: true });
await writeFile(out, Buffer.concat([header, data]));
console.log(`wrote ${out} (${header.length + data.length} bytes)`);
