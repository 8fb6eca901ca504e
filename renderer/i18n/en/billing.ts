// English words of the billing screens: route sheets, meters, walking-order review, billing export.
export const billing = {
  title: 'Route',
} as const;
