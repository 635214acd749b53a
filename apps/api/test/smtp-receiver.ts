/** The real SMTP receiver of the tests lives with the mailer (@tko/mail/testing); kept here for the API's and web's imports. */
export * from '@tko/mail/testing';
