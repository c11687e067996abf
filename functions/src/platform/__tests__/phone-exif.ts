/**
 * EXIF as a phone writes it into a photo: the camera, and the GPS position where it was taken
 * (security review finding 8). Tests add it with sharp's `withExif` and check it is gone.
 */
export const PHONE_EXIF_WITH_LOCATION = {
  IFD0: { Make: "PhoneMaker", Model: "Phone 15" },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "42/1 2/1 1234/100",
    GPSLongitudeRef: "W",
    GPSLongitude: "88/1 16/1 5/1",
  },
};
