/** Small helpers to summarise runs and print them as aligned text tables. */

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** `fixed(1.23456, 2)` → "1.23"; NaN and undefined print as "-". */
const fixed = (value, digits = 2) =>
  value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits);

const signedPercent = (value) =>
  Number.isNaN(value) ? '-' : `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`;

/** Prints a title, then rows of cells (strings) under `columns`, numbers right-aligned. */
function printTable(title, columns, rows) {
  const widths = columns.map((column, i) =>
    Math.max(column.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, i) =>
        i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]),
      )
      .join('  ');
  process.stdout.write(
    `\n${title}\n${line(columns)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n`,
  );
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
}

module.exports = { median, mean, fixed, signedPercent, printTable };
