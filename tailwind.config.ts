/**
 * Tailwind 4 reads this through `@config` in src/ui/styles.css. Brand colours live here
 * so the dashboard's palette is one edit away.
 */
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#f0fdfa',
          100: '#ccfbf1',
          500: '#14b8a6',
          600: '#0d9488',
          700: '#0f766e',
          800: '#115e59',
          900: '#134e4a',
        },
      },
      width: { menu: '270px' },
      maxHeight: { select: '256px' },
      screens: { wide: '901px' },
    },
  },
};
